"""Provable fairness (docs/fairness.md): commitments, the lock, reveals, the hash chain and its
audit, new rounds, the verifier page and the public roll log. The lines a post carries for the
verifiers are gm/forum/machine_lines.py (the forum keeps room for them); the audit of a whole game
replays days, so it stands above the pipeline, in gm/gmday/audit.py."""
