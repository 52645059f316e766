# unetrun: build, run, test.
#
#   make                 build/unetrun for the GPU of this machine (nvidia-smi's
#                        compute capability); without a GPU, sm_80 + sm_90
#   make ARCH=all        fat binary for sm_80 sm_86 sm_89 sm_90
#   make ARCH=sm_90      the given architecture(s)
#   make run             set up, build, run the main job
#   make test            set up, build, run the CPU test suite (CI)
#   make test-gpu        build and run the GPU test suite (needs a GPU)
#   make test-gpu-parts  the same, its parts side by side on the host's cards
#   make bench           build/bench_attention, build/bench_int8: kernel TFLOP/s
#                        at the SD shapes (tests/gpu_attention.c, gpu_int8.c);
#                        build/trace_attention: the attention kernels' timeline
#                        probe (docs/ARCHITECTURE.md)
#   make build/libktrace.so  a block graph's kernel timeline in place (CUPTI
#                        injection library, tools/ktrace.c)
#   make clean
#
# DEPS_PREFIX=dir points the build at Debian packages unpacked with dpkg -x
# (for machines where apt cannot install them).
# Reports: cJSON (libcjson-dev), PNG via stb_image_write + stb_easy_font
# (libstb-dev, -lstb); NVTX v3 ranges are header-only from the CUDA toolkit.
# cuDNN 9 and cuBLASLt are required: the --vs cudnn baseline (src/baseline/)
# is always built in.

BUILD := build
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(shell command -v nvcc 2>/dev/null))
ifeq ($(CUDA_HOME),)
CUDA_HOME := /usr/local/cuda
endif
NVCC ?= $(CUDA_HOME)/bin/nvcc
CC ?= gcc
# ARCH: empty or "native" = the GPUs of this machine, "all" = every supported
# architecture; on Hopper the wgmma file is built for sm_90a (below).
ARCH_ALL := sm_80 sm_86 sm_89 sm_90
ifneq ($(filter-out native,$(strip $(ARCH))),)
ifeq ($(strip $(ARCH)),all)
override ARCH := $(ARCH_ALL)
ARCH_WHY := ARCH=all
else
ARCH_WHY := ARCH given
endif
else
GPU_CC := $(sort $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | tr -d '. '))
ifneq ($(GPU_CC),)
override ARCH := $(addprefix sm_,$(GPU_CC))
ARCH_WHY := the GPU of this machine (nvidia-smi)
else
override ARCH := sm_80 sm_90
ARCH_WHY := no GPU found: portable pair
endif
endif
ifeq ($(MAKELEVEL),0)
$(info unetrun: building for $(ARCH) ($(ARCH_WHY)))
endif
GENCODE := $(foreach a,$(ARCH),-gencode=arch=compute_$(subst sm_,,$(a)),code=$(a))

DEPS_INC :=
DEPS_LIB :=
ifneq ($(DEPS_PREFIX),)
DEPS_INC := -I$(DEPS_PREFIX)/usr/include
DEPS_LIB := -L$(DEPS_PREFIX)/usr/lib/x86_64-linux-gnu -Xlinker -rpath=$(abspath $(DEPS_PREFIX))/usr/lib/x86_64-linux-gnu
endif

CFLAGS := -std=c11 -O2 -Wall -Wextra -ffp-contract=off -fopenmp -I$(CUDA_HOME)/include $(DEPS_INC)
NVCCFLAGS := -std=c++17 -O3 $(GENCODE) -Xcompiler -Wall -Xptxas -warn-spills
LDLIBS := -L$(CUDA_HOME)/lib64 -Xlinker -rpath=$(CUDA_HOME)/lib64 $(DEPS_LIB) -lcurand -lcublas -lcjson -lstb -lgomp -lm

# cuDNN (--vs cudnn): the CUDA toolkit's copy when it ships one, else the
# nvidia-cudnn pip package; CUDNN_LIB=dir (and CUDNN_INC=-Idir) override.
ifeq ($(CUDNN_LIB),)
CUDNN_LIB := $(patsubst %/libcudnn.so.9,%,$(firstword $(wildcard $(CUDA_HOME)/lib/libcudnn.so.9 \
	$(CUDA_HOME)/lib64/libcudnn.so.9 /usr/lib/x86_64-linux-gnu/libcudnn.so.9)))
endif
ifeq ($(CUDNN_LIB),)
CUDNN_PIP := $(shell python3 -c "import nvidia.cudnn as m; print(list(m.__path__)[0])" 2>/dev/null)
ifneq ($(CUDNN_PIP),)
CUDNN_LIB := $(CUDNN_PIP)/lib
CUDNN_INC ?= -I$(CUDNN_PIP)/include
endif
endif
# Goals that link nothing against cuDNN may run without it.
NO_CUDNN_GOALS := clean deps fuzz $(BUILD)/fuzz_safetensors $(BUILD)/perf_table
ifeq ($(CUDNN_LIB),)
ifneq ($(filter-out $(NO_CUDNN_GOALS),$(or $(MAKECMDGOALS),all)),)
$(error libcudnn.so.9 not found: cuDNN 9 is required (the --vs cudnn baseline); install it with the CUDA toolkit or the nvidia-cudnn-cu12 pip package, or set CUDNN_LIB=dir (and CUDNN_INC=-Idir))
endif
endif
CFLAGS += $(CUDNN_INC)
VENDOR_LIBS := -L$(CUDNN_LIB) -l:libcudnn.so.9 -lcublasLt
LDLIBS += -Xlinker -rpath=$(CUDNN_LIB) $(VENDOR_LIBS)

BUILD := build
# Kernel objects (nvcc) live in KBUILD; the sanitizer build (test-asan) shares
# the plain build's and recompiles only the host C code.
KBUILD ?= $(BUILD)
KERNEL_SRCS := $(wildcard kernels/*.cu)
HOST_SRCS := $(wildcard common/*.c) $(wildcard weights/*.c) $(wildcard src/layers/*.c) $(wildcard src/graph/*.c) \
	$(wildcard src/report/*.c) $(filter-out src/main.c,$(wildcard src/*.c))
# the cuDNN/cuBLAS baseline (--vs cudnn)
KERNEL_SRCS += $(wildcard src/baseline/*.cu)
HOST_SRCS += $(wildcard src/baseline/*.c)
KERNEL_OBJS := $(patsubst %.cu,$(KBUILD)/%.o,$(KERNEL_SRCS))
HOST_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(HOST_SRCS))
MAIN_OBJ := $(BUILD)/src/main.o
# The architecture list is part of the kernel objects' identity.
space := $(subst ,, )
comma := ,
ARCH_STAMP := $(KBUILD)/.arch-$(subst $(space),_,$(strip $(ARCH)))
# The wgmma paths (the FP16 GEMM engine, the INT8 GEMM, attention) need the
# arch-specific target: with sm_90 in ARCH, gemm_wgmma.cu, gemm_wgmma_pp.cu,
# gemm_int8_wgmma.cu, gemm_int8_rows.cu and attention_wgmma.cu are built for
# sm_90a instead of sm_90.
ifneq ($(filter sm_90,$(ARCH)),)
GENCODE_SM90A := $(foreach a,$(ARCH),$(if $(filter sm_90,$(a)),-gencode=arch=compute_90a$(comma)code=sm_90a,\
	-gencode=arch=compute_$(subst sm_,,$(a))$(comma)code=$(a)))
$(KBUILD)/kernels/gemm_int8_wgmma.o: NVCCFLAGS := $(subst $(GENCODE),$(GENCODE_SM90A),$(NVCCFLAGS)) -DGEMM_INT8_WGMMA_SM90A
$(KBUILD)/kernels/gemm_wgmma.o: NVCCFLAGS := $(subst $(GENCODE),$(GENCODE_SM90A),$(NVCCFLAGS)) -DGEMM_WGMMA_SM90A
$(KBUILD)/kernels/gemm_int8_rows.o: NVCCFLAGS := $(subst $(GENCODE),$(GENCODE_SM90A),$(NVCCFLAGS)) -DGEMM_INT8_ROWS_SM90A
$(KBUILD)/kernels/gemm_wgmma_pp.o: NVCCFLAGS := $(subst $(GENCODE),$(GENCODE_SM90A),$(NVCCFLAGS))
$(KBUILD)/kernels/attention_wgmma.o $(KBUILD)/trace/kernels/attention_wgmma.o: \
    NVCCFLAGS := $(subst $(GENCODE),$(GENCODE_SM90A),$(NVCCFLAGS)) -DATTENTION_WGMMA_SM90A
endif

# SAN=1: host C code with AddressSanitizer + UndefinedBehaviorSanitizer (test-asan).
ifeq ($(SAN),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
CFLAGS := $(filter-out -O2,$(CFLAGS)) -O1 -g $(SANFLAGS)
LDLIBS += -Xcompiler -fsanitize=address -Xcompiler -fsanitize=undefined
endif

.PHONY: all run test test-gpu test-gpu-parts test-golden test-asan sanitize bench clean deps
all: $(BUILD)/unetrun $(BUILD)/perf_table $(BUILD)/mkcheckpoint

deps:
	@DEPS_PREFIX="$(DEPS_PREFIX)" NVCC="$(NVCC)" sh tools/ensure-deps.sh

$(ARCH_STAMP):
	@mkdir -p $(KBUILD)
	@rm -f $(KBUILD)/.arch-*
	@touch $@

$(KBUILD)/kernels/%.o: kernels/%.cu $(wildcard kernels/*.h kernels/*.cuh) $(ARCH_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

$(KBUILD)/src/baseline/%.o: src/baseline/%.cu src/baseline/baseline.h $(ARCH_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

$(BUILD)/%.o: %.c $(wildcard common/*.h src/*.h src/*/*.h kernels/*.h weights/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/unetrun: $(MAIN_OBJ) $(HOST_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)

CPU_TEST_OBJS := $(patsubst %.c,$(BUILD)/%.o,tests/test_cpu.c tests/harness.c tests/golden.c $(wildcard tests/cpu_*.c) \
                   tools/ktrace_report.c)
GPU_TEST_OBJS := $(patsubst %.c,$(BUILD)/%.o,tests/test_gpu.c tests/harness.c tests/golden.c $(wildcard tests/gpu_*.c))

$(BUILD)/test_cpu: $(CPU_TEST_OBJS) $(HOST_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)

$(BUILD)/test_gpu: $(GPU_TEST_OBJS) $(HOST_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)

$(BUILD)/perf_table: tools/perf_table.c
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O2 -Wall -Wextra $(DEPS_INC) -o $@ $< $(filter-out -L$(CUDA_HOME)/lib64 -Xlinker -rpath=$(CUDA_HOME)/lib64 -lcurand -lcublas -lgomp $(VENDOR_LIBS),$(subst -Xlinker ,-Wl$(comma),$(LDLIBS)))

run: deps
	@$(MAKE) --no-print-directory $(BUILD)/unetrun
	$(BUILD)/unetrun --block resblock --c 320 --hw 32

test: deps
	@$(MAKE) --no-print-directory $(BUILD)/unetrun $(BUILD)/test_cpu $(BUILD)/mkcheckpoint
	$(BUILD)/test_cpu $(BUILD)/unetrun

# make test-gpu: compute-sanitizer on every block kind (make sanitize), then
# the GPU suite: kernels vs FP32 references, CLI blocks, and the golden
# cases written by diffusers (the committed small set and the full SD shapes
# that tests/golden/make_golden.py makes here; it needs PyTorch + diffusers).
GOLDEN_FULL ?= $(BUILD)/golden-full
PYTHON ?= python3

test-gpu: $(BUILD)/unetrun $(BUILD)/test_gpu sanitize $(GOLDEN_FULL)/cases.txt
	$(BUILD)/test_gpu $(BUILD)/unetrun --golden $(GOLDEN_FULL)

# make test-gpu-parts: the same suite as test-gpu, its parts side by side,
# one card each where the host has several (tests/test_gpu_parts.sh; GPUS=N,
# PARTS_TIMEOUT=S, PARTS=REGEX for sittings, SANITIZE_ALONE=0|1; logs in
# build/test-gpu-parts).
test-gpu-parts: $(BUILD)/unetrun $(BUILD)/test_gpu $(BUILD)/initcheck_tma_probe $(GOLDEN_FULL)/cases.txt
	sh tests/test_gpu_parts.sh $(BUILD)/unetrun $(GOLDEN_FULL)

# make sanitize: memcheck, racecheck, initcheck and synccheck on small shapes
# of every block kind and kernel family (tests/sanitize.sh; log in build/).
sanitize: $(BUILD)/unetrun $(BUILD)/initcheck_tma_probe
	sh tests/sanitize.sh $(BUILD)/unetrun

# initcheck's view of the copy engine's stores (tests/initcheck_tma_probe.cu;
# sanitize.sh runs it first): an sm_90a program whatever ARCH is.
$(BUILD)/initcheck_tma_probe: tests/initcheck_tma_probe.cu common/common.c common/common.h kernels/tensormap.cuh \
                              kernels/wgmma.cuh
	@mkdir -p $(dir $@)
	$(NVCC) -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -o $@ tests/initcheck_tma_probe.cu common/common.c

# make test-golden: only the golden cases on the GPU (full SD shapes included).
test-golden: $(BUILD)/unetrun $(BUILD)/test_gpu $(GOLDEN_FULL)/cases.txt
	$(BUILD)/test_gpu $(BUILD)/unetrun --golden-only --golden $(GOLDEN_FULL)

$(GOLDEN_FULL)/cases.txt: tests/golden/make_golden.py
	$(PYTHON) tests/golden/make_golden.py --set full --out $(GOLDEN_FULL) --device cuda
	$(PYTHON) tests/golden/make_golden.py --set unet-full --out $(GOLDEN_FULL) --device cuda

# make test-asan: the CPU suite and the hostile-file corpus against an
# ASan + UBSan build of the host code in build-asan/ (kernel objects shared
# with build/). ASAN_OPTIONS: the CUDA runtime maps memory in the shadow gap
# when a GPU is present (protect_shadow_gap=0); leaks at die_user exits are
# not errors (detect_leaks=0).
ASAN_BUILD := build-asan
ASAN_ENV := ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=0:abort_on_error=0:exitcode=99 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98
test-asan: deps
	@$(MAKE) --no-print-directory $(KERNEL_OBJS)
	@$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) KBUILD=$(KBUILD) SAN=1 \
		$(ASAN_BUILD)/unetrun $(ASAN_BUILD)/test_cpu $(ASAN_BUILD)/mkcheckpoint
	$(ASAN_ENV) $(ASAN_BUILD)/test_cpu $(ASAN_BUILD)/unetrun
	$(ASAN_ENV) sh tests/corpus_check.sh $(ASAN_BUILD)/unetrun tests/corpus/safetensors

# Benchmark mains of two GPU test files (-D..._STANDALONE): the suite, then
# TFLOP/s of every variant at the SD shapes.
$(BUILD)/bench/%_attention.o: tests/%_attention.c $(wildcard common/*.h kernels/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DGPU_ATTENTION_STANDALONE -c $< -o $@
$(BUILD)/bench/%_int8.o: tests/%_int8.c $(wildcard common/*.h kernels/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DGPU_INT8_STANDALONE -c $< -o $@
$(BUILD)/bench_attention: $(BUILD)/bench/gpu_attention.o $(BUILD)/tests/harness.o $(HOST_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)
$(BUILD)/bench_int8: $(BUILD)/bench/gpu_int8.o $(BUILD)/tests/harness.o $(HOST_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)
bench: $(BUILD)/bench_attention $(BUILD)/bench_int8

# build/trace_attention: bench_attention with the Hopper attention kernels
# built with their timeline probe (-DAW_TRACE): `trace B H sq skv d VARIANT`
# prints the cycles of each phase of a consumer's key-tile loop.
$(KBUILD)/trace/kernels/attention_wgmma.o: kernels/attention_wgmma.cu $(wildcard kernels/*.h kernels/*.cuh) $(ARCH_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -DAW_TRACE -c $< -o $@
$(BUILD)/trace_attention: $(BUILD)/bench/gpu_attention.o $(BUILD)/tests/harness.o $(HOST_OBJS) \
                          $(filter-out $(KBUILD)/kernels/attention_wgmma.o,$(KERNEL_OBJS)) \
                          $(KBUILD)/trace/kernels/attention_wgmma.o
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)

# build/libktrace.so: the in-graph kernel timeline (tools/ktrace.c), a CUPTI
# injection library: CUDA_INJECTION64_PATH=$PWD/build/libktrace.so unetrun ...
CUPTI_HOME ?= $(if $(wildcard $(CUDA_HOME)/lib64/libcupti.so),$(CUDA_HOME),$(CUDA_HOME)/extras/CUPTI)
$(BUILD)/libktrace.so: tools/ktrace.c tools/ktrace_report.c tools/ktrace_report.h
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O2 -Wall -Wextra -shared -fPIC -I$(CUPTI_HOME)/include -I$(CUDA_HOME)/include -o $@ \
	    tools/ktrace.c tools/ktrace_report.c \
	    -L$(CUPTI_HOME)/lib64 -Wl,-rpath=$(CUPTI_HOME)/lib64 -lcupti -lstdc++

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)

# --- checkpoint tools ---------------------------------------------------------
# mkcheckpoint: synthetic SD UNet checkpoints (weights/synth.c); the CPU tests
# run it, so `test` builds it too.
WEIGHTS_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(wildcard common/*.c) $(wildcard weights/*.c))

$(BUILD)/mkcheckpoint: $(BUILD)/tools/mkcheckpoint.o $(WEIGHTS_OBJS) $(KERNEL_OBJS)
	$(NVCC) $(GENCODE) -o $@ $^ $(LDLIBS)

# make fuzz [FUZZ_SECONDS=600]: libFuzzer + ASan + UBSan on the safetensors
# reader and the block description code; seeds in tests/corpus/safetensors
# (read only), new inputs kept in build/fuzz-corpus.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_SRCS := tests/fuzz_safetensors.c weights/safetensors.c weights/names.c weights/blockinfo.c common/common.c \
	common/outfile.c
FUZZ_FLAGS := -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I$(CUDA_HOME)/include $(DEPS_INC)

$(BUILD)/fuzz_safetensors: $(FUZZ_SRCS) $(wildcard weights/*.h common/common.h)
	@mkdir -p $(BUILD)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(FUZZ_SRCS) -L$(CUDA_HOME)/lib64 -Wl,-rpath=$(CUDA_HOME)/lib64 \
		$(subst -Xlinker ,-Wl$(comma),$(DEPS_LIB)) -lcudart -lcjson -lm

.PHONY: fuzz
fuzz: $(BUILD)/fuzz_safetensors
	@mkdir -p $(BUILD)/fuzz-corpus
	$(BUILD)/fuzz_safetensors -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
		-print_final_stats=1 -dict=tests/corpus/safetensors.dict $(BUILD)/fuzz-corpus tests/corpus/safetensors
