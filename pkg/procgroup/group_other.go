//go:build !unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Attr leaves the child as it is: these systems have no process groups to put it in.
func Attr() *syscall.SysProcAttr { return nil }

// Kill ends the child itself (what it spawned is not reached).
func Kill(cmd *exec.Cmd) error { return cmd.Process.Kill() }
