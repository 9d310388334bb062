module example.com/lintfixture

go 1.26.0
