// gm's verifier page: check a drand quicknet round's BLS signature in the page itself
// (scheme bls-unchained-g1-rfc9380), with @noble/curves (MIT, Paul Miller).
import { bls12_381 } from "@noble/curves/bls12-381.js";
const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const unhex = h => new Uint8Array(h.match(/../g).map(x => parseInt(x, 16)));
globalThis.gmQuicknetVerify = async function (round, signatureHex, publicKeyHex) {
  const r = new Uint8Array(8);
  new DataView(r.buffer).setBigUint64(0, BigInt(round));
  const msg = new Uint8Array(await crypto.subtle.digest("SHA-256", r));
  const sigs = bls12_381.shortSignatures;
  return sigs.verify(unhex(signatureHex), sigs.hash(msg, DST), unhex(publicKeyHex));
};
