trap 'echo "solution.sh line $LINENO failed with exit code $?" >&2' ERR
# The reference answer of 15-eos-pipeline-exercise, run at the repository root. It reads WORK (the work folder) and RUN
# (a suffix for the topic, group and transactional.id names: empty for a learner), and defines what steps/intro.md defines.
TOOLS=localhost:9092
PIPELINE="node --import tsx packages/txn-worker/src/cli.ts --input orders$RUN --batch 5 --assign"
ORDERS="node --import tsx packages/txn-worker/src/orders-cli.ts"
waitfor() { local pattern=$1; shift; for _ in $(seq 600); do grep -qE -- "$pattern" "$@" 2>/dev/null && return 0; sleep 0.2; done; echo "waitfor: no line matching '$pattern' in $* within 120 s" >&2; return 1; }
# read TOPIC [ISOLATION]: every record of TOPIC with its offset, at ISOLATION (the console consumer's default without it)
read_topic() { pnpm -s kafka kafka-console-consumer --bootstrap-server $TOOLS --topic $1 --from-beginning --timeout-ms 5000 --formatter-property print.offset=true ${2:+--isolation-level $2} 2>/dev/null; }
mkdir -p $WORK
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic orders$RUN --partitions 1 --replication-factor 1
$ORDERS --topic orders$RUN --count 10

# step 1: the at-least-once pipeline, killed mid-batch
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic enriched-sync$RUN --partitions 1 --replication-factor 1
$PIPELINE --name sync-1 --group pipe-sync$RUN --output enriched-sync$RUN --commit sync --pause-after produced:10 > $WORK/sync-1.log &
P=$!
waitfor ' paused after ' $WORK/sync-1.log
kill -9 $P
wait $P || true
$PIPELINE --name sync-2 --group pipe-sync$RUN --output enriched-sync$RUN --commit sync > $WORK/sync-2.log &
P=$!
waitfor ' offsets committed p0=10$' $WORK/sync-2.log
kill $P
wait $P
read_topic enriched-sync$RUN read_committed > $WORK/out-sync.txt

# step 2: a transaction under a stable transactional.id, killed mid-batch
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic enriched-txn$RUN --partitions 1 --replication-factor 1
TXN="--group pipe-txn$RUN --output enriched-txn$RUN --commit after-txn --transactional-id pipe-txn-tx$RUN"
$PIPELINE --name txn-1 $TXN --pause-after produced:10 > $WORK/txn-1.log &
P=$!
waitfor ' paused after ' $WORK/txn-1.log
kill -9 $P
wait $P || true
$PIPELINE --name txn-2 $TXN > $WORK/txn-2.log &
P=$!
waitfor ' offsets committed p0=10$' $WORK/txn-2.log
kill $P
wait $P
read_topic enriched-txn$RUN read_committed > $WORK/out-txn.txt

# step 3: the offsets in the transaction, killed after the commit
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic enriched-gap$RUN --partitions 1 --replication-factor 1
GAP="--group pipe-gap$RUN --output enriched-gap$RUN --commit after-txn --transactional-id pipe-gap-tx$RUN"
$PIPELINE --name gap-1 $GAP --pause-after committed:2 > $WORK/gap-1.log &
P=$!
waitfor ' paused after ' $WORK/gap-1.log
kill -9 $P
wait $P || true
$PIPELINE --name gap-2 $GAP > $WORK/gap-2.log &
P=$!
waitfor ' offsets committed p0=10$' $WORK/gap-2.log
kill $P
wait $P
read_topic enriched-gap$RUN read_committed > $WORK/out-gap.txt
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic enriched-eos$RUN --partitions 1 --replication-factor 1
EOS="--group pipe-eos$RUN --output enriched-eos$RUN --commit transaction --transactional-id pipe-eos-tx$RUN"
$PIPELINE --name eos-1 $EOS --pause-after committed:2 > $WORK/eos-1.log &
P=$!
waitfor ' paused after ' $WORK/eos-1.log
kill -9 $P
wait $P || true
$PIPELINE --name eos-2 $EOS > $WORK/eos-2.log &
P=$!
waitfor ' (starting at|sent offsets) p0=10( |$)' $WORK/eos-2.log
kill $P
wait $P
read_topic enriched-eos$RUN read_committed > $WORK/out-eos.txt

# step 4: what a reader at read_uncommitted sees
read_topic enriched-txn$RUN > $WORK/out-txn-uncommitted.txt
