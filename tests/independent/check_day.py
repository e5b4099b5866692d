# Written from docs/dice.md and docs/fairness.md only: re-derive a day's rolls from its posts.
# Usage: python3 check_day.py COMMIT-POST REVEAL-POST ROLL-LOG [ROUND-POST ...]   (exit 0: every roll checks out)
import calendar, hashlib, hmac, json, re, sys, time

def lines_of(path, tag):  # the "<tag> {...}" lines: at a line's start, or right after [code] or ``` (docs/fairness.md)
    ms = (re.match(r"[ \t]*(?:\[code\]|```)?[ \t]*" + tag + r" (\{.*\})", l) for l in open(path, encoding="utf-8"))
    return [json.loads(m.group(1)) for m in ms if m]

def ns(text):  # a netstring: byte length, ":", UTF-8 bytes, ","
    return str(len(text.encode())).encode() + b":" + text.encode() + b","

def h(key, msg):
    return int.from_bytes(hmac.new(key, msg.encode(), hashlib.sha256).digest(), "big")

commit, reveal = lines_of(sys.argv[1], "gm-commit")[0], lines_of(sys.argv[2], "gm-reveal")[0]
beacon, seed = (lines_of(sys.argv[2], "gm-beacon") or [None])[0], bytes.fromhex(reveal["seed"])
assert hashlib.sha256(seed).hexdigest() == commit["seed_sha256"], "seed does not match the commitment"
out = lambda r: 1692803367 + (r - 1) * 3  # quicknet: round r is published at genesis + (r - 1) x 3 s
at = lambda t: calendar.timegm(time.strptime(t, "%Y-%m-%dT%H:%M:%SZ"))
rounds, in_force = sorted((lines_of(p, "gm-round")[0] for p in sys.argv[4:]), key=lambda a: a["n"]), (commit.get("beacon") or {}).get("round")
assert (lines_of(sys.argv[2], "gm-seal") or [{}])[0].get("rounds", 0) == len(rounds), "not every announcement of a new round given"
for i, a in enumerate(rounds, 1):  # each replaces the round in force before it is out, and names one after its deadline
    assert a["n"] == i and a["seed_sha256"] == commit["seed_sha256"] and a["from_round"] == in_force, f"announcement {i} does not follow"
    assert at(a["made"]) < out(in_force) and out(a["round"]) > at(a["deadline"]), f"announcement {i} is too late or its round too early"
    in_force = a["round"]
assert (beacon or {}).get("round") == in_force, "not the beacon round committed to (or last announced)"
salts = sorted(((s["player"], s["salt"]) for s in lines_of(sys.argv[2], "gm-salt")), key=lambda kv: kv[0].encode())
msg = b"salts|" + b"".join(ns(n) + ns(s) for n, s in salts) + (b"beacon|" + ns(str(beacon["round"])) + ns(beacon["randomness"]) if beacon else b"")
key = hmac.new(seed, msg, "sha256").digest() if salts or beacon else seed
rolls = [json.loads(l[l.index("{"):l.rindex("}") + 1]) for l in open(sys.argv[3], encoding="utf-8") if '"index"' in l]
for r in rolls:
    n, base, j = r["sides"], f"{reveal['engine']}|{reveal['day']}|{r['index']}", 0
    while h(key, base + (f"|{j}" if j else "")) >= 2**256 - 2**256 % n:
        j += 1
    assert h(key, base + (f"|{j}" if j else "")) % n + 1 == r["value"], f"roll {r['index']} does not match"
assert [r["index"] for r in rolls] == list(range(reveal["rolls"])), "rolls are missing or repeated"
print(f"all {len(rolls)} rolls match")
