"""People's ways in: the `deadtable` command line (cli.py) and the renderers (render/)."""
