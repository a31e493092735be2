"""HTTP and WebSockets: the application, its bodies and errors, and ``doublesix serve``."""
