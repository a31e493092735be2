"""The web table's protocol, shared by the server, the terminal client and the browser's types
(``docs/protocol.md``, "The models and the schemas"): ``wire`` (the constants), ``model`` (the
models' base), ``pictures`` (what a seat is shown), ``messages`` (the socket's messages, both
ways), ``api`` (the JSON API's bodies), ``reviews`` (the expert's review), ``schema`` (the
published schemas made from the models) and ``home`` (the folder doublesix keeps its files in,
``$DOUBLESIX_HOME``: the server's database and the terminal's saves)."""
