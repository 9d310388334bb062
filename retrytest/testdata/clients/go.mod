module example.com/clients

go 1.26.0
