module oldmod

go 1.20
