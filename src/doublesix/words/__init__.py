"""The words: every sentence a person reads or hears, for every face."""
