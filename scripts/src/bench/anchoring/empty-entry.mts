// The baseline of the content-script load figure: a module that does nothing.
;(globalThis as { inkmarkEmpty?: boolean }).inkmarkEmpty = true
