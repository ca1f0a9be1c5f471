#!/usr/bin/env bash
# explain_pre_alpha.sh MCVETO_X86 MCVETO_PPC — the MCVETO report's §3.4
# example: Pre of `mov dword [eax], 5` for a postcondition over a memory word,
# printed with the store chain named once (let), and Pre_α for a state that
# chooses each alias case; the same for a PowerPC store.
set -u
x86=$1 ppc=$2
rc=0
check() { # NAME EXPECTED -- COMMAND...
  local name=$1 want=$2
  shift 3
  local got
  got=$("$@" | sed -n '/^Pre/,$p')
  if [ "$got" != "$want" ]; then
    echo "FAIL: $name"
    diff <(echo "$want") <(echo "$got")
    rc=1
  fi
}
check 'x86 store, EAX and EBX apart' "Pre(mov dword ptr [eax], 0x5, mem32[EBX] == 5)
  let m1 = mem{EAX := 5}{(EAX + 1) := 0}{(EAX + 2) := 0}{(EAX + 3) := 0}
  ((m1[(EBX + 3)] ++ (m1[(EBX + 2)] ++ (m1[(EBX + 1)] ++ m1[EBX]))) == 5)

Pre_alpha(mov dword ptr [eax], 0x5, mem32[EBX] == 5) = alpha => psi', the alias case of the --state/--mem state
  alpha = ((6 <u ((EAX - EBX) + 3)) && !(EAX == EBX))
  psi'  = ((mem[(EBX + 3)] ++ (mem[(EBX + 2)] ++ (mem[(EBX + 1)] ++ mem[EBX]))) == 5)" \
  -- "$x86" explain c7 00 05 00 00 00 --state EAX=0x100,EBX=0x200 --pre 'mem32[EBX] == 5'
check 'x86 store, EAX == EBX' "Pre(mov dword ptr [eax], 0x5, mem32[EBX] == 5)
  let m1 = mem{EAX := 5}{(EAX + 1) := 0}{(EAX + 2) := 0}{(EAX + 3) := 0}
  ((m1[(EBX + 3)] ++ (m1[(EBX + 2)] ++ (m1[(EBX + 1)] ++ m1[EBX]))) == 5)

Pre_alpha(mov dword ptr [eax], 0x5, mem32[EBX] == 5) = alpha => psi', the alias case of the --state/--mem state
  alpha = let t1 = (EAX - EBX)
          (((t1 == 0) && (2 <u (t1 + 3))) && (EAX == EBX))
  psi'  = true" \
  -- "$x86" explain c7 00 05 00 00 00 --state EAX=0x200,EBX=0x200 --pre 'mem32[EBX] == 5'
check 'ppc store, apart' "Pre(stw r3, 0x8(r1), mem32[R4] == 7)
  let m1 = mem{(R1 + 8) := R3[31:24]}{(R1 + 9) := R3[23:16]}{(R1 + 0xa) := R3[15:8]}{(R1 + 0xb) := R3[7:0]}
  ((((m1[R4] ++ m1[(R4 + 1)]) ++ m1[(R4 + 2)]) ++ m1[(R4 + 3)]) == 7)

Pre_alpha(stw r3, 0x8(r1), mem32[R4] == 7) = alpha => psi', the alias case of the --state/--mem state
  alpha = (6 <u ((R1 - R4) + 0xb))
  psi'  = ((((mem[R4] ++ mem[(R4 + 1)]) ++ mem[(R4 + 2)]) ++ mem[(R4 + 3)]) == 7)" \
  -- "$ppc" explain 90 61 00 08 --state R1=0x1000,R4=0x2000 --pre 'mem32[R4] == 7'
check 'ppc store, R4 == R1 + 8' "Pre(stw r3, 0x8(r1), mem32[R4] == 7)
  let m1 = mem{(R1 + 8) := R3[31:24]}{(R1 + 9) := R3[23:16]}{(R1 + 0xa) := R3[15:8]}{(R1 + 0xb) := R3[7:0]}
  ((((m1[R4] ++ m1[(R4 + 1)]) ++ m1[(R4 + 2)]) ++ m1[(R4 + 3)]) == 7)

Pre_alpha(stw r3, 0x8(r1), mem32[R4] == 7) = alpha => psi', the alias case of the --state/--mem state
  alpha = let t1 = (R1 - R4)
          ((2 <u (t1 + 0xb)) && (t1 == 0xfffffff8))
  psi'  = (R3 == 7)" \
  -- "$ppc" explain 90 61 00 08 --state R1=0x1000,R4=0x1008,R3=7 --pre 'mem32[R4] == 7'
# a register formula has no alias case: Pre_alpha is Pre and is not printed
check 'no alias case' "Pre(add eax, ebx, ZF && EAX == 0)
  ((EAX + EBX) == 0)" \
  -- "$x86" explain 01 d8 --state EAX=0xffffffff,EBX=1 --pre 'ZF && EAX == 0'
[ $rc = 0 ] && echo "ok: Pre and Pre_alpha of the stores"
exit $rc
