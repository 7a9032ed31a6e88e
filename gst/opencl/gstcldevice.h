/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * OpenCL devices: enumeration, selection and a one-time probe of what each
 * device can do, plus OpenCL error names.
 */
#pragma once

#include "gstcl-prelude.h"

#include <gst/gst.h>
#include <CL/cl.h>

G_BEGIN_DECLS

/* Not in the Khronos headers: Qualcomm's CL/cl_ext_qcom.h defines it. */
#ifndef CL_FILTER_BICUBIC_QCOM
#define CL_FILTER_BICUBIC_QCOM 0x411C
#endif

#define GST_CL_ERROR (gst_cl_error_quark ())
GST_CL_API
GQuark gst_cl_error_quark (void);

typedef enum
{
  GST_CL_ERROR_NO_PLATFORM,
  GST_CL_ERROR_NO_DEVICE,
  GST_CL_ERROR_NO_MATCH,
  GST_CL_ERROR_UNSUPPORTED,
  GST_CL_ERROR_BUILD,
  GST_CL_ERROR_FAILED,
  /* A buffer does not hold the frame its caps and video meta describe. */
  GST_CL_ERROR_BAD_FRAME,
  /* A buffer's GstVideoCropMeta marks no region of its frame of the caps'
   * size. */
  GST_CL_ERROR_BAD_CROP,
} GstCLError;

/* Image formats the frame storage may need, probed per device. */
typedef enum
{
  GST_CL_IMAGE_R8 = 1 << 0,
  GST_CL_IMAGE_R16 = 1 << 1,
  GST_CL_IMAGE_RG8 = 1 << 2,
  GST_CL_IMAGE_RGBA8 = 1 << 3,
} GstCLImageFormats;

/* What tuning tables are keyed on: the kind of device and, where it
 * decides which kernel variant is fastest, its driver. */
typedef enum
{
  GST_CL_DEVICE_CLASS_CPU,      /* a CPU device without AVX-512 (PoCL's
                                 * haswell, Oclgrind) */
  GST_CL_DEVICE_CLASS_CPU_AVX512,       /* PoCL's kernels for AVX-512 CPUs */
  GST_CL_DEVICE_CLASS_NVIDIA_GPU,       /* NVIDIA's driver: warps of 32 */
  GST_CL_DEVICE_CLASS_GPU,      /* any other GPU or accelerator */
  GST_CL_DEVICE_N_CLASSES,
} GstCLDeviceClass;

/* The bytes of a device UUID (CL_UUID_SIZE_KHR). */
#define GST_CL_UUID_SIZE 16

typedef struct
{
  cl_platform_id platform;
  cl_device_id device;
  guint platform_index;
  guint device_index;
  gchar *platform_name;
  gchar *device_name;
  gchar *driver_version;
  cl_device_type type;
  GstCLDeviceClass device_class;
  gboolean image_support;
  gsize image2d_max_width;
  gsize image2d_max_height;
  /* Asked of the device by its first context (a context of its own costs
   * 0.1 s on NVIDIA's driver): read them with
   * gst_cl_device_get_image_formats(). */
  GstCLImageFormats image_formats;
  gboolean image_formats_known;
  gboolean has_qcom_bicubic;
  /* NVIDIA's: warps of 32 items, whose shuffles kernels may use through
   * inline PTX (-DGST_CL_PTX_WARPS in kernels/boxblur.cl) */
  gboolean ptx_warps;
  gboolean host_unified;        /* device memory is host memory */
  cl_ulong max_mem_alloc_size;
  gsize max_work_group_size;
  cl_ulong local_mem_size;
  /* cl_khr_device_uuid: on NVIDIA's driver the CUDA device's UUID */
  gboolean has_uuid;
  guint8 uuid[GST_CL_UUID_SIZE];
  /* cl_khr_pci_bus_info: the device's PCI address */
  gboolean has_pci_bus_info;
  guint pci_domain;
  guint pci_bus;
  guint pci_device;
  guint pci_function;
} GstCLDeviceInfo;

GST_CL_API
const gchar *gst_cl_error_name (cl_int status);

GST_CL_API
gboolean gst_cl_check (cl_int status, GError ** error, const gchar * what);

GST_CL_API
const GstCLDeviceInfo *gst_cl_device_select (const gchar * selector,
    GError ** error);

GST_CL_API
gboolean gst_cl_device_matches (const GstCLDeviceInfo * info,
    const gchar * selector);

GST_CL_API
const gchar *gst_cl_device_type_name (cl_device_type type);

GST_CL_API
const gchar *gst_cl_device_class_name (GstCLDeviceClass device_class);

GST_CL_API
gboolean gst_cl_device_class_is_cpu (GstCLDeviceClass device_class);

GST_CL_API
GstCLImageFormats gst_cl_device_get_image_formats (const GstCLDeviceInfo *
    info);

GST_CL_API
gboolean gst_cl_device_builds_ptx_warps (const GstCLDeviceInfo * info);

GST_CL_API
void gst_cl_device_refuse_ptx_warps (const GstCLDeviceInfo * info);

GST_CL_API
void gst_cl_device_probe_image_formats (const GstCLDeviceInfo * info,
    cl_context context);

G_END_DECLS
