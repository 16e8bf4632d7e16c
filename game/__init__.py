"""Táiplis: Brandubh, Tawlbwrdd, Reversi and Modiar."""
