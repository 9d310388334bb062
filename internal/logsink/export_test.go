package logsink

// LeveledShape exposes leveledMethod to the tests of package logsink_test.
var LeveledShape = leveledMethod

// LogPackageName exposes logPackageName to the tests.
var LogPackageName = logPackageName
