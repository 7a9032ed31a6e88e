/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstcldevice.h"
#include "gstcl-private.h"

#include <CL/cl_ext.h>

#include <stdlib.h>
#include <string.h>

/* For OpenCL headers older than cl_khr_device_uuid and cl_khr_pci_bus_info. */
#ifndef CL_DEVICE_UUID_KHR
#define CL_DEVICE_UUID_KHR 0x106A
#endif
#ifndef CL_DEVICE_PCI_BUS_INFO_KHR
#define CL_DEVICE_PCI_BUS_INFO_KHR 0x410F
#endif

/* The forms the log and the selectors write them in: "8-4-4-4-12" hex
 * digits, and DDDD:BB:DD.F as lspci -D shows it. */
#define UUID_STRING_SIZE 37
#define PCI_BUS_STRING_SIZE 24

GST_DEBUG_CATEGORY (gst_cl_context_debug);
GST_DEBUG_CATEGORY (gst_cl_frame_debug);
GST_DEBUG_CATEGORY (gst_cl_pinned_debug);
GST_DEBUG_CATEGORY (gst_cl_transfer_debug);
GST_DEBUG_CATEGORY (gst_cl_profile_debug);
#define GST_CAT_DEFAULT gst_cl_context_debug

/* The library logs before any element class exists (device enumeration),
 * so its categories are made on first use: every path to a frame, pinned
 * memory or a transfer goes through a device and a context first. */
void
gst_cl_debug_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (gst_cl_context_debug, "clcontext", 0,
        "OpenCL devices and contexts");
    GST_DEBUG_CATEGORY_INIT (gst_cl_frame_debug, "clframe", 0,
        "OpenCL frames: planes on the device, uploads and downloads");
    GST_DEBUG_CATEGORY_INIT (gst_cl_pinned_debug, "clpinned", 0,
        "Pinned host memory and staging");
    GST_DEBUG_CATEGORY_INIT (gst_cl_transfer_debug, "cltransfer", 0,
        "Whole frames copied between memories");
    GST_DEBUG_CATEGORY_INIT (gst_cl_profile_debug, "clprofile", 0,
        "OpenCL kernel times: DEBUG times them (new contexts), LOG logs "
        "each frame's, TRACE each kernel's");
    g_once_init_leave (&done, 1);
  }
}

G_DEFINE_QUARK (gst-cl-error-quark, gst_cl_error);

const gchar *
gst_cl_error_name (cl_int status)
{
#define NAME(x) case x: return #x
  switch (status) {
      NAME (CL_SUCCESS);
      NAME (CL_DEVICE_NOT_FOUND);
      NAME (CL_DEVICE_NOT_AVAILABLE);
      NAME (CL_COMPILER_NOT_AVAILABLE);
      NAME (CL_MEM_OBJECT_ALLOCATION_FAILURE);
      NAME (CL_OUT_OF_RESOURCES);
      NAME (CL_OUT_OF_HOST_MEMORY);
      NAME (CL_PROFILING_INFO_NOT_AVAILABLE);
      NAME (CL_MEM_COPY_OVERLAP);
      NAME (CL_IMAGE_FORMAT_MISMATCH);
      NAME (CL_IMAGE_FORMAT_NOT_SUPPORTED);
      NAME (CL_BUILD_PROGRAM_FAILURE);
      NAME (CL_MAP_FAILURE);
      NAME (CL_MISALIGNED_SUB_BUFFER_OFFSET);
      NAME (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
      NAME (CL_COMPILE_PROGRAM_FAILURE);
      NAME (CL_LINKER_NOT_AVAILABLE);
      NAME (CL_LINK_PROGRAM_FAILURE);
      NAME (CL_DEVICE_PARTITION_FAILED);
      NAME (CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
      NAME (CL_INVALID_VALUE);
      NAME (CL_INVALID_DEVICE_TYPE);
      NAME (CL_INVALID_PLATFORM);
      NAME (CL_INVALID_DEVICE);
      NAME (CL_INVALID_CONTEXT);
      NAME (CL_INVALID_QUEUE_PROPERTIES);
      NAME (CL_INVALID_COMMAND_QUEUE);
      NAME (CL_INVALID_HOST_PTR);
      NAME (CL_INVALID_MEM_OBJECT);
      NAME (CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
      NAME (CL_INVALID_IMAGE_SIZE);
      NAME (CL_INVALID_SAMPLER);
      NAME (CL_INVALID_BINARY);
      NAME (CL_INVALID_BUILD_OPTIONS);
      NAME (CL_INVALID_PROGRAM);
      NAME (CL_INVALID_PROGRAM_EXECUTABLE);
      NAME (CL_INVALID_KERNEL_NAME);
      NAME (CL_INVALID_KERNEL_DEFINITION);
      NAME (CL_INVALID_KERNEL);
      NAME (CL_INVALID_ARG_INDEX);
      NAME (CL_INVALID_ARG_VALUE);
      NAME (CL_INVALID_ARG_SIZE);
      NAME (CL_INVALID_KERNEL_ARGS);
      NAME (CL_INVALID_WORK_DIMENSION);
      NAME (CL_INVALID_WORK_GROUP_SIZE);
      NAME (CL_INVALID_WORK_ITEM_SIZE);
      NAME (CL_INVALID_GLOBAL_OFFSET);
      NAME (CL_INVALID_EVENT_WAIT_LIST);
      NAME (CL_INVALID_EVENT);
      NAME (CL_INVALID_OPERATION);
      NAME (CL_INVALID_GL_OBJECT);
      NAME (CL_INVALID_BUFFER_SIZE);
      NAME (CL_INVALID_MIP_LEVEL);
      NAME (CL_INVALID_GLOBAL_WORK_SIZE);
      NAME (CL_INVALID_PROPERTY);
      NAME (CL_INVALID_IMAGE_DESCRIPTOR);
      NAME (CL_INVALID_COMPILER_OPTIONS);
      NAME (CL_INVALID_LINKER_OPTIONS);
      NAME (CL_INVALID_DEVICE_PARTITION_COUNT);
    case -1001:
      return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
      return "unknown OpenCL error";
  }
#undef NAME
}

/* Turns a failed OpenCL call into a GError naming the error and what was
 * being done; returns TRUE on CL_SUCCESS. */
gboolean
gst_cl_check (cl_int status, GError ** error, const gchar * what)
{
  if (status == CL_SUCCESS)
    return TRUE;
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED, "%s failed: %s (%d)",
      what, gst_cl_error_name (status), status);
  return FALSE;
}

const gchar *
gst_cl_device_type_name (cl_device_type type)
{
  if (type & CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (type & CL_DEVICE_TYPE_CPU)
    return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR)
    return "accelerator";
  return "other";
}

const gchar *
gst_cl_device_class_name (GstCLDeviceClass device_class)
{
  switch (device_class) {
    case GST_CL_DEVICE_CLASS_CPU:
      return "CPU";
    case GST_CL_DEVICE_CLASS_CPU_AVX512:
      return "CPU with AVX-512";
    case GST_CL_DEVICE_CLASS_NVIDIA_GPU:
      return "NVIDIA GPU";
    case GST_CL_DEVICE_CLASS_GPU:
      return "GPU";
    default:
      return "unknown";
  }
}

/* Whether @device_class is one of the CPU classes. */
gboolean
gst_cl_device_class_is_cpu (GstCLDeviceClass device_class)
{
  return device_class == GST_CL_DEVICE_CLASS_CPU
      || device_class == GST_CL_DEVICE_CLASS_CPU_AVX512;
}

static gchar *
platform_string (cl_platform_id platform, cl_platform_info param)
{
  gsize size = 0;
  gchar *value;

  if (clGetPlatformInfo (platform, param, 0, NULL, &size) != CL_SUCCESS)
    return g_strdup ("");
  value = g_malloc0 (size + 1);
  clGetPlatformInfo (platform, param, size, value, NULL);
  return g_strstrip (value);
}

static gchar *
device_string (cl_device_id device, cl_device_info param)
{
  gsize size = 0;
  gchar *value;

  if (clGetDeviceInfo (device, param, 0, NULL, &size) != CL_SUCCESS)
    return g_strdup ("");
  value = g_malloc0 (size + 1);
  clGetDeviceInfo (device, param, size, value, NULL);
  return g_strstrip (value);
}

static gboolean
has_extension (const gchar * extensions, const gchar * name)
{
  gchar **list = g_strsplit (extensions, " ", -1);
  gboolean found = g_strv_contains ((const gchar * const *) list, name);

  g_strfreev (list);
  return found;
}

static gboolean
format_listed (const cl_image_format * formats, cl_uint n,
    cl_channel_order order, cl_channel_type type)
{
  for (cl_uint i = 0; i < n; i++)
    if (formats[i].image_channel_order == order
        && formats[i].image_channel_data_type == type)
      return TRUE;
  return FALSE;
}

/* The image formats usable both as kernel input and output in
 * @context. */
static GstCLImageFormats
probe_image_formats (cl_context context)
{
  static const struct
  {
    GstCLImageFormats flag;
    cl_channel_order order;
    cl_channel_type type;
  } wanted[] = {
    {GST_CL_IMAGE_R8, CL_R, CL_UNORM_INT8},
    {GST_CL_IMAGE_R16, CL_R, CL_UNORM_INT16},
    {GST_CL_IMAGE_RG8, CL_RG, CL_UNORM_INT8},
    {GST_CL_IMAGE_RGBA8, CL_RGBA, CL_UNORM_INT8},
  };
  static const cl_mem_flags usages[] = { CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY };
  GstCLImageFormats result = GST_CL_IMAGE_R8 | GST_CL_IMAGE_R16 |
      GST_CL_IMAGE_RG8 | GST_CL_IMAGE_RGBA8;

  for (guint u = 0; u < G_N_ELEMENTS (usages); u++) {
    cl_uint n = 0;
    cl_image_format *formats;

    clGetSupportedImageFormats (context, usages[u], CL_MEM_OBJECT_IMAGE2D, 0,
        NULL, &n);
    formats = g_new0 (cl_image_format, MAX (n, 1));
    clGetSupportedImageFormats (context, usages[u], CL_MEM_OBJECT_IMAGE2D, n,
        formats, NULL);
    for (guint w = 0; w < G_N_ELEMENTS (wanted); w++)
      if (!format_listed (formats, n, wanted[w].order, wanted[w].type))
        result &= ~wanted[w].flag;
    g_free (formats);
  }
  return result;
}

/**
 * gst_cl_device_builds_ptx_warps:
 *
 * Returns: whether kernels for @info may shuffle within warps through
 * inline PTX: the device has NVIDIA's warps, and its compiler has not
 * refused them in this process (gst_cl_device_refuse_ptx_warps()).
 */
/* The devices whose compiler refused inline-PTX warp shuffles, learnt in
 * this process: kept beside the device list, which is probed once and
 * read-only after. */
static GMutex ptx_refusals_lock;
static GSList *ptx_refusals;    /* cl_device_id */

gboolean
gst_cl_device_builds_ptx_warps (const GstCLDeviceInfo * info)
{
  gboolean refused;

  if (!info->ptx_warps)
    return FALSE;
  g_mutex_lock (&ptx_refusals_lock);
  refused = g_slist_find (ptx_refusals, info->device) != NULL;
  g_mutex_unlock (&ptx_refusals_lock);
  return !refused;
}

/**
 * gst_cl_device_refuse_ptx_warps:
 *
 * Records that @info's compiler refused a program with inline-PTX warp
 * shuffles (a driver older than PTX 6.0's shfl.sync, for one), so that no
 * element asks it again: a refused build costs about as much time as one
 * that succeeds, and the device list lives as long as the process.
 */
void
gst_cl_device_refuse_ptx_warps (const GstCLDeviceInfo * info)
{
  g_mutex_lock (&ptx_refusals_lock);
  if (!g_slist_find (ptx_refusals, info->device))
    ptx_refusals = g_slist_prepend (ptx_refusals, info->device);
  g_mutex_unlock (&ptx_refusals_lock);
}

static GMutex image_formats_lock;

/**
 * gst_cl_device_probe_image_formats:
 * @context: a context of @info's device
 *
 * Asks @context which image formats @info's device takes, once per
 * device: gst_cl_context_new() does it with each new context, so that
 * elements never make a context only for this.
 */
void
gst_cl_device_probe_image_formats (const GstCLDeviceInfo * info,
    cl_context context)
{
  /* The device list is made once and never freed; only this field
   * changes, under the lock. */
  GstCLDeviceInfo *mutable_info = (GstCLDeviceInfo *) info;

  g_mutex_lock (&image_formats_lock);
  if (!info->image_formats_known) {
    mutable_info->image_formats = info->image_support ?
        probe_image_formats (context) : 0;
    mutable_info->image_formats_known = TRUE;
  }
  g_mutex_unlock (&image_formats_lock);
}

/**
 * gst_cl_device_get_image_formats:
 *
 * Returns: the image formats @info's device takes both as kernel input
 * and output; where no context of the device has asked yet, a context
 * made for the question asks.
 */
GstCLImageFormats
gst_cl_device_get_image_formats (const GstCLDeviceInfo * info)
{
  GstCLImageFormats formats;
  gboolean known;

  g_mutex_lock (&image_formats_lock);
  known = info->image_formats_known;
  formats = info->image_formats;
  g_mutex_unlock (&image_formats_lock);
  if (!known) {
    cl_int status;
    cl_context context = clCreateContext (NULL, 1, &info->device, NULL, NULL,
        &status);

    if (status != CL_SUCCESS)
      return 0;
    gst_cl_device_probe_image_formats (info, context);
    clReleaseContext (context);
    formats = info->image_formats;
  }
  return formats;
}

/* The items of a warp (cl_nv_device_attribute_query), 0 if unknown. */
static cl_uint
warp_size (cl_device_id device)
{
  cl_uint size = 0;

  clGetDeviceInfo (device, CL_DEVICE_WARP_SIZE_NV, sizeof (size), &size, NULL);
  return size;
}

static void
probe_uuid (GstCLDeviceInfo * info)
{
  info->has_uuid = clGetDeviceInfo (info->device, CL_DEVICE_UUID_KHR,
      sizeof (info->uuid), info->uuid, NULL) == CL_SUCCESS;
}

static void
probe_pci_bus_info (GstCLDeviceInfo * info)
{
  /* cl_device_pci_bus_info_khr: domain, bus, device, function */
  cl_uint address[4];

  if (clGetDeviceInfo (info->device, CL_DEVICE_PCI_BUS_INFO_KHR,
          sizeof (address), address, NULL) != CL_SUCCESS)
    return;
  info->has_pci_bus_info = TRUE;
  info->pci_domain = address[0];
  info->pci_bus = address[1];
  info->pci_device = address[2];
  info->pci_function = address[3];
}

static GstCLDeviceClass
classify_device (const GstCLDeviceInfo * info)
{
  /* PoCL names its CPU device after the kernel library it built for the
   * CPU: "skylake-avx512", "haswell" (AVX2) and so on. */
  if (info->type & CL_DEVICE_TYPE_CPU)
    return strstr (info->device_name, "avx512") ? GST_CL_DEVICE_CLASS_CPU_AVX512
        : GST_CL_DEVICE_CLASS_CPU;
  if (info->ptx_warps)
    return GST_CL_DEVICE_CLASS_NVIDIA_GPU;
  return GST_CL_DEVICE_CLASS_GPU;
}

static void
probe_device (GstCLDeviceInfo * info)
{
  cl_device_id device = info->device;
  cl_bool images = CL_FALSE, unified = CL_FALSE;
  gchar *extensions;

  info->device_name = device_string (device, CL_DEVICE_NAME);
  info->driver_version = device_string (device, CL_DRIVER_VERSION);
  clGetDeviceInfo (device, CL_DEVICE_TYPE, sizeof (info->type), &info->type,
      NULL);
  clGetDeviceInfo (device, CL_DEVICE_IMAGE_SUPPORT, sizeof (images), &images,
      NULL);
  clGetDeviceInfo (device, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
      sizeof (info->max_mem_alloc_size), &info->max_mem_alloc_size, NULL);
  clGetDeviceInfo (device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
      sizeof (info->max_work_group_size), &info->max_work_group_size, NULL);
  clGetDeviceInfo (device, CL_DEVICE_LOCAL_MEM_SIZE,
      sizeof (info->local_mem_size), &info->local_mem_size, NULL);

  /* Deprecated in OpenCL 2.0 but still answered; where it is not, CPU
   * devices share host memory by nature. */
  if (clGetDeviceInfo (device, CL_DEVICE_HOST_UNIFIED_MEMORY,
          sizeof (unified), &unified, NULL) == CL_SUCCESS)
    info->host_unified = unified == CL_TRUE;
  else
    info->host_unified = (info->type & CL_DEVICE_TYPE_CPU) != 0;
  info->image_support = images == CL_TRUE;
  if (info->image_support) {
    clGetDeviceInfo (device, CL_DEVICE_IMAGE2D_MAX_WIDTH,
        sizeof (gsize), &info->image2d_max_width, NULL);
    clGetDeviceInfo (device, CL_DEVICE_IMAGE2D_MAX_HEIGHT,
        sizeof (gsize), &info->image2d_max_height, NULL);
  }

  extensions = device_string (device, CL_DEVICE_EXTENSIONS);
  info->has_qcom_bicubic = has_extension (extensions, "cl_qcom_filter_bicubic");
  info->ptx_warps = has_extension (extensions, "cl_nv_device_attribute_query")
      && warp_size (device) == 32;
  if (has_extension (extensions, "cl_khr_device_uuid"))
    probe_uuid (info);
  if (has_extension (extensions, "cl_khr_pci_bus_info"))
    probe_pci_bus_info (info);
  g_free (extensions);
  info->device_class = classify_device (info);
}

static void
format_uuid (const guint8 * uuid, gchar text[UUID_STRING_SIZE])
{
  gchar *out = text;

  for (guint i = 0; i < GST_CL_UUID_SIZE; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      *out++ = '-';
    out += g_snprintf (out, 3, "%02x", uuid[i]);
  }
}

static void
format_pci_bus (const GstCLDeviceInfo * info, gchar text[PCI_BUS_STRING_SIZE])
{
  g_snprintf (text, PCI_BUS_STRING_SIZE, "%04x:%02x:%02x.%x", info->pci_domain,
      info->pci_bus, info->pci_device, info->pci_function);
}

static void
log_device (const GstCLDeviceInfo * info)
{
  gchar uuid[UUID_STRING_SIZE] = "none";
  gchar pci_bus[PCI_BUS_STRING_SIZE] = "none";

  if (info->has_uuid)
    format_uuid (info->uuid, uuid);
  if (info->has_pci_bus_info)
    format_pci_bus (info, pci_bus);
  GST_INFO ("found device %u:%u: %s / %s (%s, driver %s, host memory "
      "shared %s, images %s, max image %" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT
      ", cl_qcom_filter_bicubic %s, tuned as %s, UUID %s, PCI bus %s)",
      info->platform_index, info->device_index, info->platform_name,
      info->device_name, gst_cl_device_type_name (info->type),
      info->driver_version, info->host_unified ? "yes" : "no",
      info->image_support ? "yes" : "no",
      info->image2d_max_width, info->image2d_max_height,
      info->has_qcom_bicubic ? "yes" : "no",
      gst_cl_device_class_name (info->device_class), uuid, pci_bus);
}

typedef struct
{
  GPtrArray *devices;           /* GstCLDeviceInfo, in platform:device order */
  cl_int status;                /* of clGetPlatformIDs */
} GstCLDeviceList;

/* Devices are enumerated and probed once per process. */
static gpointer
enumerate_devices (gpointer unused)
{
  GstCLDeviceList *list = g_new0 (GstCLDeviceList, 1);
  cl_platform_id *platforms;
  cl_uint n_platforms = 0;

  gst_cl_debug_init ();
  list->devices = g_ptr_array_new ();
  list->status = clGetPlatformIDs (0, NULL, &n_platforms);
  if (list->status != CL_SUCCESS || n_platforms == 0)
    return list;

  platforms = g_new0 (cl_platform_id, n_platforms);
  clGetPlatformIDs (n_platforms, platforms, NULL);
  for (cl_uint p = 0; p < n_platforms; p++) {
    cl_device_id *devices;
    cl_uint n_devices = 0;
    gchar *platform_name = platform_string (platforms[p], CL_PLATFORM_NAME);

    if (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL,
            &n_devices) != CL_SUCCESS || n_devices == 0) {
      GST_INFO ("platform %u (%s) has no device", p, platform_name);
      g_free (platform_name);
      continue;
    }
    devices = g_new0 (cl_device_id, n_devices);
    clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, n_devices, devices, NULL);
    for (cl_uint d = 0; d < n_devices; d++) {
      GstCLDeviceInfo *info = g_new0 (GstCLDeviceInfo, 1);

      info->platform = platforms[p];
      info->device = devices[d];
      info->platform_index = p;
      info->device_index = d;
      info->platform_name = g_strdup (platform_name);
      probe_device (info);
      log_device (info);
      g_ptr_array_add (list->devices, info);
    }
    g_free (devices);
    g_free (platform_name);
  }
  g_free (platforms);
  return list;
}

static const GstCLDeviceList *
get_device_list (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, enumerate_devices, NULL);
}

/* How a selector is read: UUID- and bus-id-shaped selectors are compared
 * with those only, never with names, even where they are malformed. */
typedef enum
{
  SELECTOR_NAME,
  SELECTOR_INDICES,
  SELECTOR_UUID,
  SELECTOR_BAD_UUID,
  SELECTOR_PCI_BUS,
  SELECTOR_BAD_PCI_BUS,
} SelectorKind;

typedef struct
{
  SelectorKind kind;
  guint platform, device;       /* SELECTOR_INDICES */
  guint8 uuid[GST_CL_UUID_SIZE];        /* SELECTOR_UUID */
  guint pci_domain, pci_bus, pci_device, pci_function;  /* SELECTOR_PCI_BUS */
} Selector;

static gboolean
parse_indices (const gchar * selector, guint * platform, guint * device)
{
  gchar *end;
  guint64 p, d;

  if (!g_ascii_isdigit (selector[0]))
    return FALSE;
  p = g_ascii_strtoull (selector, &end, 10);
  if (*end != ':' || !g_ascii_isdigit (end[1]))
    return FALSE;
  d = g_ascii_strtoull (end + 1, &end, 10);
  /* Out of range (strtoull saturates) is no index, not one wrapped. */
  if (*end != '\0' || p > G_MAXUINT || d > G_MAXUINT)
    return FALSE;
  *platform = p;
  *device = d;
  return TRUE;
}

/* Whether @text holds only hex digits and characters of @others. */
static gboolean
only_hex_and (const gchar * text, const gchar * others)
{
  for (; *text; text++)
    if (!g_ascii_isxdigit (*text) && strchr (others, *text) == NULL)
      return FALSE;
  return TRUE;
}

/* nvidia-smi writes CUDA device UUIDs as GPU-xxxxxxxx-... */
static const gchar *
skip_gpu_prefix (const gchar * text)
{
  return g_ascii_strncasecmp (text, "GPU-", 4) == 0 ? text + 4 : text;
}

static gboolean
looks_like_uuid (const gchar * text)
{
  return skip_gpu_prefix (text) != text
      || (strchr (text, '-') && only_hex_and (text, "-"));
}

static gboolean
looks_like_pci_bus (const gchar * text)
{
  return strchr (text, ':') && strchr (text, '.') && only_hex_and (text, ":.");
}

/* 8-4-4-4-12 hex digits, in either case. */
static gboolean
parse_uuid (const gchar * text, guint8 * uuid)
{
  guint nibbles = 0;

  if (strlen (text) != UUID_STRING_SIZE - 1)
    return FALSE;
  for (guint i = 0; text[i]; i++) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (text[i] != '-')
        return FALSE;
      continue;
    }
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
    uuid[nibbles / 2] = uuid[nibbles / 2] << 4 | g_ascii_xdigit_value (text[i]);
    nibbles++;
  }
  return TRUE;
}

/* Reads @min_digits to @max_digits hex digits from *@text on. */
static gboolean
read_hex (const gchar ** text, guint min_digits, guint max_digits,
    guint * value)
{
  guint n = 0;

  *value = 0;
  while (n < max_digits && g_ascii_isxdigit ((*text)[n]))
    *value = *value << 4 | g_ascii_xdigit_value ((*text)[n++]);
  *text += n;
  return n >= min_digits;
}

/* DDDD:BB:DD.F or BB:DD.F (domain 0), hex: a domain of 4 digits as lspci
 * -D writes it or 8 as nvidia-smi does, a device up to 1f, a function up
 * to 7. */
static gboolean
parse_pci_bus (const gchar * text, Selector * selector)
{
  const gchar *c = text;

  selector->pci_domain = 0;
  if (strchr (text, ':') != strrchr (text, ':')
      && (!read_hex (&c, 4, 8, &selector->pci_domain) || *c++ != ':'))
    return FALSE;
  return read_hex (&c, 2, 2, &selector->pci_bus) && *c++ == ':'
      && read_hex (&c, 2, 2, &selector->pci_device) && *c++ == '.'
      && read_hex (&c, 1, 1, &selector->pci_function) && *c == '\0'
      && selector->pci_device <= 0x1f && selector->pci_function <= 7;
}

static void
parse_selector (const gchar * text, Selector * selector)
{
  memset (selector, 0, sizeof (*selector));
  if (parse_indices (text, &selector->platform, &selector->device))
    selector->kind = SELECTOR_INDICES;
  else if (looks_like_uuid (text))
    selector->kind = parse_uuid (skip_gpu_prefix (text), selector->uuid) ?
        SELECTOR_UUID : SELECTOR_BAD_UUID;
  else if (looks_like_pci_bus (text))
    selector->kind = parse_pci_bus (text, selector) ?
        SELECTOR_PCI_BUS : SELECTOR_BAD_PCI_BUS;
  else
    selector->kind = SELECTOR_NAME;
}

/* For the "no device matches" error: how the selector was read. */
static const gchar *
selector_reading (const gchar * text)
{
  Selector selector;

  if (!g_utf8_validate (text, -1, NULL))
    return ", which is not UTF-8";
  parse_selector (text, &selector);
  switch (selector.kind) {
    case SELECTOR_UUID:
      return ", read as a device UUID (cl_khr_device_uuid)";
    case SELECTOR_BAD_UUID:
      return ", read as a device UUID but malformed: a UUID is "
          "8-4-4-4-12 hex digits, optionally after GPU-";
    case SELECTOR_PCI_BUS:
      return ", read as a PCI bus id (cl_khr_pci_bus_info)";
    case SELECTOR_BAD_PCI_BUS:
      return ", read as a PCI bus id but malformed: a bus id is "
          "DDDD:BB:DD.F or BB:DD.F, hex";
    default:
      return "";
  }
}

static gboolean
contains_nocase (const gchar * haystack, const gchar * needle)
{
  gchar *h = g_utf8_casefold (haystack, -1);
  gchar *n = g_utf8_casefold (needle, -1);
  gboolean found = strstr (h, n) != NULL;

  g_free (h);
  g_free (n);
  return found;
}

static gboolean
pci_bus_matches (const GstCLDeviceInfo * info, const Selector * selector)
{
  return info->has_pci_bus_info && info->pci_domain == selector->pci_domain
      && info->pci_bus == selector->pci_bus
      && info->pci_device == selector->pci_device
      && info->pci_function == selector->pci_function;
}

/**
 * gst_cl_device_matches:
 * @selector: "P:D" indices; a device UUID (8-4-4-4-12 hex digits, in
 *   either case, optionally after nvidia-smi's "GPU-"), of a device with
 *   cl_khr_device_uuid; a PCI bus id (DDDD:BB:DD.F or BB:DD.F, hex), of a
 *   device with cl_khr_pci_bus_info; or else a case-insensitive substring
 *   of the platform or device name. A selector of only hex digits and
 *   dashes (with a dash), or beginning with "GPU-", is a UUID, and one of
 *   only hex digits, colons and dots (with both) a bus id, even where
 *   malformed: it is then no name, and matches no device.
 */
gboolean
gst_cl_device_matches (const GstCLDeviceInfo * info, const gchar * selector)
{
  Selector parsed;

  if (!g_utf8_validate (selector, -1, NULL))
    return FALSE;
  parse_selector (selector, &parsed);
  switch (parsed.kind) {
    case SELECTOR_INDICES:
      return info->platform_index == parsed.platform
          && info->device_index == parsed.device;
    case SELECTOR_UUID:
      return info->has_uuid
          && memcmp (info->uuid, parsed.uuid, GST_CL_UUID_SIZE) == 0;
    case SELECTOR_PCI_BUS:
      return pci_bus_matches (info, &parsed);
    case SELECTOR_NAME:
      return contains_nocase (info->device_name, selector)
          || contains_nocase (info->platform_name, selector);
    default:
      return FALSE;
  }
}

static const GstCLDeviceInfo *
default_device (const GPtrArray * devices)
{
  for (guint i = 0; i < devices->len; i++) {
    const GstCLDeviceInfo *info = g_ptr_array_index (devices, i);
    if (info->type & CL_DEVICE_TYPE_GPU)
      return info;
  }
  return g_ptr_array_index (devices, 0);
}

/**
 * gst_cl_device_select:
 * @selector: (nullable): a device selector; %NULL or "" takes the
 *   GST_CL_DEVICE environment variable, then the first GPU, then the first
 *   device of any type.
 */
const GstCLDeviceInfo *
gst_cl_device_select (const gchar * selector, GError ** error)
{
  const GstCLDeviceList *list = get_device_list ();
  const GstCLDeviceInfo *chosen = NULL;
  const gchar *origin = "device property";

  if (list->status != CL_SUCCESS && list->status != -1001) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_NO_PLATFORM,
        "No OpenCL platform: clGetPlatformIDs failed: %s (%d)",
        gst_cl_error_name (list->status), list->status);
    return NULL;
  }
  if (list->status == -1001) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_NO_PLATFORM,
        "No OpenCL platform found (clGetPlatformIDs: "
        "CL_PLATFORM_NOT_FOUND_KHR); install an OpenCL driver such as "
        "pocl-opencl-icd, or check OCL_ICD_VENDORS");
    return NULL;
  }
  if (list->devices->len == 0) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_NO_DEVICE,
        "No OpenCL device found on any platform");
    return NULL;
  }

  if (selector == NULL || *selector == '\0') {
    selector = g_getenv ("GST_CL_DEVICE");
    origin = "GST_CL_DEVICE";
  }
  if (selector == NULL || *selector == '\0') {
    chosen = default_device (list->devices);
    GST_INFO ("chose device %u:%u (%s / %s) by default (first GPU, else "
        "first device)", chosen->platform_index, chosen->device_index,
        chosen->platform_name, chosen->device_name);
    return chosen;
  }

  for (guint i = 0; i < list->devices->len && !chosen; i++) {
    const GstCLDeviceInfo *info = g_ptr_array_index (list->devices, i);
    if (gst_cl_device_matches (info, selector))
      chosen = info;
  }
  if (chosen == NULL) {
    /* The message is shown as UTF-8, whatever the selector holds. */
    gchar *shown = g_utf8_make_valid (selector, -1);

    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_NO_MATCH,
        "No OpenCL device matches the selector \"%s\" (from %s)%s; %u "
        "device(s) found, see GST_DEBUG=clcontext:4", shown, origin,
        selector_reading (selector), list->devices->len);
    g_free (shown);
    return NULL;
  }
  GST_INFO ("chose device %u:%u (%s / %s) for selector \"%s\" (from %s)",
      chosen->platform_index, chosen->device_index, chosen->platform_name,
      chosen->device_name, selector, origin);
  return chosen;
}
