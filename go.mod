module github.com/commons-games/commons

go 1.26.8
