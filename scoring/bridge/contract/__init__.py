"""The score of one contract and the scales that compare scores: Law 77 points, honours, IMPs and VPs."""
