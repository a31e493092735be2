"""The database and what is kept in it: games, ratings, statistics, reviews."""
