# Written from docs/dice.md and docs/fairness.md only: re-derive a day's rolls from its posts.
# Usage: python3 check_day.py COMMIT-POST REVEAL-POST ROLL-LOG   (exit 0: every roll checks out)
import hashlib, hmac, json, sys

def line_of(path, tag):  # the JSON object after "<tag> " in a saved post
    for line in open(path, encoding="utf-8"):
        if tag + " {" in line:
            body = line.split(tag + " ", 1)[1]
            return json.loads(body[: body.rindex("}") + 1])

def ns(text):  # a netstring: byte length, ":", UTF-8 bytes, ","
    return str(len(text.encode())).encode() + b":" + text.encode() + b","

def h(key, msg):
    return int.from_bytes(hmac.new(key, msg.encode(), hashlib.sha256).digest(), "big")

commit, reveal = line_of(sys.argv[1], "gm-commit"), line_of(sys.argv[2], "gm-reveal")
seed = bytes.fromhex(reveal["seed"])
assert hashlib.sha256(seed).hexdigest() == commit["seed_sha256"], "seed does not match the commitment"
salts = sorted(reveal["salts"].items(), key=lambda kv: kv[0].encode())
key = hmac.new(seed, b"salts|" + b"".join(ns(n) + ns(s) for n, s in salts), "sha256").digest() if salts else seed
rolls = [json.loads(l[l.index("{"):l.rindex("}") + 1]) for l in open(sys.argv[3], encoding="utf-8") if '"index"' in l]
for r in rolls:
    n, base, j = r["sides"], f"{reveal['engine']}|{reveal['day']}|{r['index']}", 0
    while h(key, base + (f"|{j}" if j else "")) >= 2**256 - 2**256 % n:
        j += 1
    assert h(key, base + (f"|{j}" if j else "")) % n + 1 == r["value"], f"roll {r['index']} does not match"
assert len(rolls) == reveal["rolls"], "rolls are missing"
print(f"all {len(rolls)} rolls match")
