"""CNA rules that are not bookkeeping primitives: morale (17.x, 15.6), the largest-unit rule
(6.27, 6.28, 15.63), and later combat."""
