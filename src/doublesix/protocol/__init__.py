"""The web table's protocol, shared by the server and the terminal client."""
