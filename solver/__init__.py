"""Manyhands solver: infer the hidden cards from one seat's view, rank every
legal action, play at three levels. Standard library only (runs in Pyodide),
except `solver.cpsat` (OR-Tools, native, imported only when called).

Entry points for the web worker: `solver.api.hint`, `solver.api.bot_move`,
`solver.api.infer`, `solver.api.review`, `solver.api.par` (JSON in, JSON out)."""
