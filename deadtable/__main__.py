"""`python -m deadtable ...`: the same as the `deadtable` command."""

from deadtable.ui.cli import main

if __name__ == "__main__":  # not when a tool imports every module (pytest's collection)
    main()
