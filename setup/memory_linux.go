package setup

import "syscall"

// physicalMemory is the machine's RAM in bytes, 0 when it cannot be read.
func physicalMemory() uint64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0
	}
	return uint64(info.Totalram) * uint64(info.Unit)
}
