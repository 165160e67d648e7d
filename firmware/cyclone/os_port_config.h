/* SPDX-License-Identifier: MIT */
/*
 * os_port_config.h - CycloneCRYPTO's OS port for the benchmark images: no
 * RTOS.  CycloneCRYPTO is GPL-2.0-or-later; its core/crypto.h refuses to
 * build unless the integrator accepts those terms here.  The images built
 * with it are never distributed from this repository (firmware/cyclone/README.md).
 */
#ifndef OS_PORT_CONFIG_H
#define OS_PORT_CONFIG_H

#define USE_NO_RTOS
#define GPL_LICENSE_TERMS_ACCEPTED

#endif
