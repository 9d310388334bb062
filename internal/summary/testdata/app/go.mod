module app

go 1.24
