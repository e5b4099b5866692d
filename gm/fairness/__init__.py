"""Provable fairness (docs/fairness.md): commitments, the lock, reveals, the hash chain, the
audit, the verifiers and the public roll log."""
