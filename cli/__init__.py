"""The ``tricks`` command line: a thin layer that parses options and calls the packages."""
