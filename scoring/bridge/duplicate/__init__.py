"""Duplicate pairs: board matchpoints and IMPs, movements, travellers, and a pairs session scored and ranked."""
