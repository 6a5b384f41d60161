//go:build !linux

package main

import "syscall"

// procAttr puts the child server in its own process group (kill ends it whole).
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
