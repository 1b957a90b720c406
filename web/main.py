# The page's entry point (PyScript, main thread); everything is in manyhands_web.
from manyhands_web.app import main

main()
