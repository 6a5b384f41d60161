package procgroup

import (
	"os/exec"
	"syscall"
)

// Attr puts the child in its own process group and has the kernel kill it if this process
// dies without cleaning up (a test timeout, a ^C).
func Attr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// Kill sends SIGKILL to the child's whole process group.
func Kill(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
