"""Components: typed records of every card, tile, token and board, loaded from the data files."""
