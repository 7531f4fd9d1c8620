"""The package's version, written once: setup.py reads it for the metadata, and ``tricks --version`` prints it."""
__version__ = "0.2.0"
