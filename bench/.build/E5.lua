wrk.method = "POST"
wrk.body = "{\"name\":\"Ada Lovelace\",\"email\":\"not-an-email\",\"age\":36,\"admin\":false,\"tags\":[\"math\"]}"
wrk.headers["Content-Type"] = "application/json"
