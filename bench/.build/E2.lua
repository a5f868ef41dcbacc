wrk.method = "GET"
