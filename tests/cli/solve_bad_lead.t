solve ep --lead 3
2
--lead: the drive solver plays every snap tied with full timeouts
