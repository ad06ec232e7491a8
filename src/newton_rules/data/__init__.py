"""The embedded reference data set (JSON). See docs/data.md for the format."""
