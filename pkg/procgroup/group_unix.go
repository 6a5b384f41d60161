//go:build unix && !linux

package procgroup

import (
	"os/exec"
	"syscall"
)

// Attr puts the child in its own process group (these systems have no parent-death signal).
func Attr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// Kill sends SIGKILL to the child's whole process group.
func Kill(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
