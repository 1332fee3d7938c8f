trap 'echo "README.md line $LINENO failed with exit code $?" >&2' ERR

























pnpm broker up                                   # Kafka 4.3.1, single node (localhost:9092)
export WORK=${WORK:-$PWD/work/kafka-retry-duplicates}   # your work folder (on the VM image: /root/kafka)
export RUN=${RUN:-}                              # a suffix for the topic names: empty for you
export BOOTSTRAP=localhost:9532                  # your path to the broker, through the fault proxy
export DATA=$(pnpm -s broker status | sed -n 's/^data: *//p')   # the broker's data dir (VM image: /var/lib/kafka)
mkdir -p $WORK
pnpm kafka-lab-slow off                          # opens $BOOTSTRAP, no delay yet
















pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments$RUN --partitions 1 --replication-factor 1
printf 'pay-1\npay-2\n' | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments$RUN



pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic payments$RUN








pnpm -s kafka kafka-dump-log --files $DATA/payments$RUN-0/00000000000000000000.log --print-data-log > $WORK/dump-default.txt



grep -E '^baseOffset|payload' $WORK/dump-default.txt











echo pay-3 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments$RUN --command-property enable.idempotence=false
pnpm -s kafka kafka-dump-log --files $DATA/payments$RUN-0/00000000000000000000.log --print-data-log > $WORK/dump-noidem.txt



grep -B1 'payload: pay-3' $WORK/dump-noidem.txt











head -c 5000 /dev/zero | tr '\0' x > $WORK/big.txt; echo >> $WORK/big.txt
pnpm kafka-lab-slow on
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-dup$RUN --partitions 1 --replication-factor 1
pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-dup$RUN \
  --command-property enable.idempotence=false --command-property request.timeout.ms=300 \
  --command-property delivery.timeout.ms=2000 --command-property retries=2 --command-property max.block.ms=10000 \
  < $WORK/big.txt 2> $WORK/dup-producer.log
pnpm kafka-lab-slow off







grep -c 'retrying' $WORK/dup-producer.log
pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic payments-dup$RUN











pnpm kafka-lab-slow on
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-idem$RUN --partitions 1 --replication-factor 1
pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-idem$RUN \
  --command-property enable.idempotence=true --command-property request.timeout.ms=300 \
  --command-property delivery.timeout.ms=2000 --command-property retries=2 --command-property max.block.ms=10000 \
  < $WORK/big.txt 2> $WORK/idem-producer.log
pnpm kafka-lab-slow off





grep -c 'retrying' $WORK/idem-producer.log
pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic payments-idem$RUN










pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-app$RUN --partitions 1 --replication-factor 1
echo pay-77 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-app$RUN
echo pay-77 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-app$RUN
pnpm -s kafka kafka-dump-log --files $DATA/payments-app$RUN-0/00000000000000000000.log --print-data-log > $WORK/two-sessions.txt



grep '^baseOffset' $WORK/two-sessions.txt | grep -o 'baseSequence: [-0-9]* .*producerId: [-0-9]*'











pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic "payments-(dup|idem|app)$RUN"










copies() { pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic "$1" | cut -d: -f3; }
cat > $WORK/producer-report.txt <<REPORT
dup_copies=$(copies payments-dup$RUN)
idem_copies=$(copies payments-idem$RUN)
two_sessions_copies=$(copies payments-app$RUN)
acks_default=all
idempotence_default=true
REPORT



pnpm -s grade kafka-retry-duplicates $WORK










pnpm kafka-lab-slow stop



































































