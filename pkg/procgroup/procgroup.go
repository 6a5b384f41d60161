// Package procgroup starts a child process in a process group of its own and ends the whole
// group at once, so that a test's moto_server or the rush's server leaves nothing behind
// (anything the child spawned goes with it).
package procgroup
