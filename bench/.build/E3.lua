wrk.method = "POST"
wrk.body = "{\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\",\"age\":36,\"admin\":false,\"tags\":[\"math\",\"engines\"]}"
wrk.headers["Content-Type"] = "application/json"
