"""`python -m deadtable ...`: the same as the `deadtable` command."""

from deadtable.ui.cli import main

main()
