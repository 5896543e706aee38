"""The API's routes, one module an area of the app."""
