"""The games being played: in memory, at tables, with the computers' turns and pictures."""
