"""Score sheets of deal results: rubber and Chicago sheets, Russian scoring, and rubber sessions of 2-6 players."""
