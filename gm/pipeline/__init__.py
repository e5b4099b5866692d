"""The day pipeline (docs/architecture.md): read and verify a day's inputs, resolve them with
the engine's pure phases, and make the result files and the day's record."""
