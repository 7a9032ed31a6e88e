/* gst-opencl: what the device-address test layer answers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

/* CL_DEVICE_UUID_KHR: 16 bytes, written 0fa1b2c3-d4e5-46f7-8899-aabbccddeeff */
#define GST_CL_LAYER_UUID { 0x0f, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0x46, 0xf7, \
    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff }

/* CL_DEVICE_PCI_BUS_INFO_KHR: domain, bus, device, function, written
 * 0000:af:1c.5 */
#define GST_CL_LAYER_PCI_BUS_INFO { 0x0000, 0xaf, 0x1c, 0x5 }
