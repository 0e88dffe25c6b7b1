# The API's error details for people (the error code stays English for programs).
