package awstest

import "syscall"

// procAttr puts moto_server in its own process group, so that Close ends it and anything it
// spawned, and has the kernel kill it if the test binary dies without cleaning up (a test
// timeout).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
