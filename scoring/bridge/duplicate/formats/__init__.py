"""The file formats of a pairs session: CSV traveller, PBN, USEBIO XML, the text and JSON report, the HTML page."""
