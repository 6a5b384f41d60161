package main

import "syscall"

// procAttr puts the child server in its own process group (kill ends it whole) and has the
// kernel kill it if the rush dies without stopping it.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
