//go:build unix && !linux

package awstest

import "syscall"

// procAttr puts moto_server in its own process group, so that Close ends it and anything it
// spawned.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
