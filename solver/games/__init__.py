"""Per-game adapters: what the solver needs to know about a game that the
engine's protocol does not already say (how a world becomes a record, the fast
playout policy, the words of a hint). Each module is named after its game and
ends with `ADAPTER = Adapter(...)`, the protocol of solver/adapter.py."""
